/**
 * Small inline icons (decorative: aria-hidden). 16px by default; size with className. The stroke is the .i class of
 * app/globals.css, not attributes repeated on every icon of every row.
 */
import type { SVGProps } from 'react';
import { cn } from './cn';

type IconProps = SVGProps<SVGSVGElement>;

function Svg({ children, className = 'size-4', ...rest }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className={cn('i', className)} {...rest}>
      {children}
    </svg>
  );
}

export const ChevronDownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 7.5l5 5 5-5" />
  </Svg>
);
export const ChevronUpIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 12.5l5-5 5 5" />
  </Svg>
);
export const ChevronLeftIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12.5 5l-5 5 5 5" />
  </Svg>
);
export const ChevronRightIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M7.5 5l5 5-5 5" />
  </Svg>
);
export const ChevronsLeftIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M10 5l-5 5 5 5M15 5l-5 5 5 5" />
  </Svg>
);
export const ChevronsRightIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 5l5 5-5 5M10 5l5 5-5 5" />
  </Svg>
);
export const SortIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 8l4-4 4 4M6 12l4 4 4-4" />
  </Svg>
);
export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 5l10 10M15 5L5 15" />
  </Svg>
);
export const CheckIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 10.5l4 4 8-9" />
  </Svg>
);
export const CalendarIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="4.5" width="14" height="12.5" rx="1.5" />
    <path d="M3 8.5h14M7 2.5v4M13 2.5v4" />
  </Svg>
);
export const InfoIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="10" cy="10" r="7.5" />
    <path d="M10 9v5M10 6.5v.01" />
  </Svg>
);
export const AlertIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M10 3l7.5 13h-15z" />
    <path d="M10 8v4M10 14.5v.01" />
  </Svg>
);
export const CheckCircleIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="10" cy="10" r="7.5" />
    <path d="M6.5 10.5l2.5 2.5 4.5-5" />
  </Svg>
);
export const ErrorIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="10" cy="10" r="7.5" />
    <path d="M7.5 7.5l5 5M12.5 7.5l-5 5" />
  </Svg>
);
export const UploadIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M10 13V3.5M6 7l4-4 4 4M3.5 13v3.5h13V13" />
  </Svg>
);
export const FilterIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 4.5h14l-5.5 6.5v5l-3-1.5v-3.5z" />
  </Svg>
);
