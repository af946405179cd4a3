'use client';

/**
 * The instruction accordions of the copy, print and scan forms. The open sections are held by the form (so that
 * Save can open the first invalid section and scroll it into view); each section shows when it needs attention.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { Accordion, AccordionItem } from '@/components/ui/Accordion';
import { ErrorIcon } from '@/components/ui/icons';
import type { Section } from '@/lib/jobs/schema';
import type { JobOrderInput } from '@/lib/jobs/schema';

export interface SectionsState {
  open: string[];
  setOpen: (open: string[]) => void;
}

export const SectionsContext = createContext<SectionsState>({ open: [], setOpen: () => undefined });

/** The DOM id of a section's wrapper, e.g. 'section-copyInstructions-paper'. */
export const sectionDomId = (block: string, id: string) => `section-${block}-${id}`;

export function InstructionSections({ children }: { children: ReactNode }) {
  const { open, setOpen } = useContext(SectionsContext);
  return (
    <Accordion type="multiple" value={open} onValueChange={setOpen}>
      {children}
    </Accordion>
  );
}

type BlockName = 'copyInstructions' | 'ePrintInstructions' | 'eScanInstructions';

/** One section; `section` names its fields so the title can flag errors inside it. */
export function InstructionSection({
  block,
  section,
  title,
  children,
}: {
  block: BlockName;
  section: Section;
  title: string;
  children: ReactNode;
}) {
  const { errors } = useFormState<JobOrderInput>({ name: block });
  const blockErrors = errors[block];
  const invalid = blockErrors !== undefined && section.fields.some((f) => f in blockErrors);
  return (
    <div id={sectionDomId(block, section.id)} className="scroll-mt-24">
      <AccordionItem
        value={section.id}
        title={
          <span className="flex items-center gap-2">
            {title}
            {invalid && (
              <span className="inline-flex items-center gap-1 text-xs font-medium text-danger">
                <ErrorIcon className="size-4" aria-hidden="true" />
                Needs attention
              </span>
            )}
          </span>
        }
      >
        <div className="grid grid-cols-1 gap-x-6 gap-y-4 md:grid-cols-2">{children}</div>
      </AccordionItem>
    </div>
  );
}
