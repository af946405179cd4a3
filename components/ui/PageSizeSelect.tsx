'use client';

import { PAGE_SIZES } from '@/lib/reference';
import { cn } from './cn';
import { useDomId } from './ids';
import { Select } from './Select';

export interface PageSizeSelectProps {
  /** Current size; 0 means All. */
  value?: number;
  defaultValue?: number;
  onPageSizeChange?: (size: number) => void;
  /** For plain GET forms. */
  name?: string;
  label?: string;
  hideLabel?: boolean;
  /** Defaults to PAGE_SIZES (10, 15, 20, 50, 100, All=0). */
  sizes?: readonly number[];
  id?: string;
  className?: string;
}

/** "Items per page" selector: 10, 15, 20, 50, 100 and All (sends 0). */
export function PageSizeSelect({
  value,
  defaultValue,
  onPageSizeChange,
  name,
  label = 'Items per page',
  hideLabel = false,
  sizes = PAGE_SIZES,
  id,
  className,
}: PageSizeSelectProps) {
  const selectId = useDomId('ps', id);
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={selectId} className={cn('text-sm whitespace-nowrap text-muted', hideLabel && 'sr-only')}>
        {label}
      </label>
      <Select
        id={selectId}
        name={name}
        value={value}
        defaultValue={defaultValue}
        onChange={onPageSizeChange ? (e) => onPageSizeChange(Number(e.target.value)) : undefined}
        options={sizes.map((s) => ({ value: s, label: s === 0 ? 'All' : String(s) }))}
        className="w-24"
      />
    </div>
  );
}
