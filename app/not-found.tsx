/** Unknown paths (and pages that call notFound()) go to / (spec §2). api/* answers a JSON 404 instead. */
import { redirect } from 'next/navigation';

export default function NotFound() {
  redirect('/');
}
