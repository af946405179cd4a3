/** The staff area's links to a job, browser-safe: the queue's island builds them from the row's id. */
import { encodeParam } from '@/lib/encoding';

export const opsJobHref = (id: number) => `/Ops/Job?jb=${encodeURIComponent(encodeParam(id))}`;
