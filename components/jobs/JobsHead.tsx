'use client';
/**
 * The top of /JobClient: the title with New job, the matter search and the "What needs me" strip. One client
 * component given the strip's counts: its markup is sent once (the HTML), and the page's payload carries the
 * counts, not this markup a second time nor a reference per part.
 */
import Link from 'next/link';
import { MatterSearch } from '@/components/matters/MatterSearch';
import { buttonClasses } from '@/components/ui/Button';
import { AttentionStrip, type AttentionStripProps } from './AttentionStrip';

export function JobsHead(strip: AttentionStripProps) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">Jobs</h1>
        <Link href="/SaveJob" className={buttonClasses({ variant: 'primary' })} data-tour="new-job">
          New job
        </Link>
      </div>
      <MatterSearch />
      <AttentionStrip {...strip} />
    </>
  );
}
