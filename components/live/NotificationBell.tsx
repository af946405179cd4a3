'use client';

/**
 * The notification centre: a bell in the header whose name says how many are unread; it opens
 * the user's events of the last 30 days (api/Notification/List), newest first, each linking to its job (or its
 * invoice), with "Mark all read". A line opened is marked read. New events arrive through the page's news
 * connection (JobEvents.tsx): the count goes up and a polite live region reads the event out.
 */
import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import type { z } from 'zod';
import { cn } from '@/components/ui/cn';
import { formatDateTime } from '@/components/ui/format';
import { apiFetch } from '@/lib/client-side/api';
import type { bellAnswer, markReadAnswer } from '@/lib/jobs/news-schema';
import { useJobEvents, type JobEvent } from './JobEvents';

const CAP = 99;

export function unreadLabel(n: number): string {
  return n > CAP ? `${CAP}+` : String(n);
}

export function NotificationBell({ initialUnread, timeZone }: { initialUnread: number; timeZone: string }) {
  const [unread, setUnread] = useState(initialUnread);
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<JobEvent[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [said, setSaid] = useState('');

  useJobEvents((e) => {
    if (!e.inBell) return;
    setUnread((n) => n + 1);
    setItems((list) => (list ? [e, ...list.filter((i) => i.id !== e.id)] : list));
    setSaid(e.title);
  });

  const load = async () => {
    setFailed(false);
    try {
      const res = await apiFetch('/api/Notification/List', { cache: 'no-store' });
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as z.infer<typeof bellAnswer>;
      setItems(body.items);
      setUnread(body.unread);
    } catch {
      setFailed(true);
    }
  };

  const markRead = async (ids?: number[]) => {
    setItems((list) => list && list.map((i) => (ids === undefined || ids.includes(i.id) ? { ...i, read: true } : i)));
    try {
      const res = await apiFetch('/api/Notification/MarkRead', {
        method: 'POST',
        json: ids ? { ids } : {},
        keepalive: true,
      });
      if (res.ok) setUnread(((await res.json()) as z.infer<typeof markReadAnswer>).unread);
    } catch {
      // the next open shows the truth
    }
  };

  const name = unread === 0 ? 'Notifications, none unread' : `Notifications, ${unreadLabel(unread)} unread`;

  return (
    <>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) void load();
        }}
      >
        <Popover.Trigger aria-label={name} data-testid="notification-bell" className="bell">
          {/* The bell is the .bell class's ::before (app/globals.css). */}
          {unread > 0 && (
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
            >
              {unreadLabel(unread)}
            </span>
          )}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            aria-labelledby="notification-centre-title"
            className="z-50 flex max-h-[min(28rem,calc(100vh-6rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-md border border-line bg-surface text-ink shadow-lg focus:outline-none"
          >
            <div className="flex items-center justify-between gap-2 border-b border-line px-3 py-2">
              <h2 id="notification-centre-title" className="text-base font-semibold">
                Notifications
              </h2>
              <button
                type="button"
                className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:text-muted disabled:hover:bg-transparent"
                disabled={unread === 0}
                onClick={() => void markRead()}
              >
                Mark all read
              </button>
            </div>
            <div className="overflow-y-auto">
              {items === null ? (
                <p className="px-3 py-4 text-sm text-muted">
                  {failed ? 'The notifications could not be loaded. Please try again.' : 'Loading…'}
                </p>
              ) : items.length === 0 ? (
                <p className="px-3 py-4 text-sm text-muted">No notifications in the last 30 days.</p>
              ) : (
                <ul className="divide-y divide-line" aria-label="Your events of the last 30 days">
                  {items.map((i) => (
                    <li key={i.id}>
                      <a
                        href={i.href}
                        onClick={() => {
                          if (!i.read) void markRead([i.id]);
                        }}
                        className={cn(
                          'block px-3 py-2 text-sm text-ink no-underline hover:bg-slate-100',
                          !i.read && 'bg-brand-50',
                        )}
                      >
                        {!i.read && <span className="sr-only">Unread: </span>}
                        <span className={cn('block break-words', !i.read && 'font-semibold')}>{i.title}</span>
                        <time dateTime={i.occurredAt} className="block text-xs text-muted">
                          {formatDateTime(i.occurredAt, timeZone)}
                        </time>
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <p role="status" aria-live="polite" className="sr-only" data-testid="notification-announcer">
        {said}
      </p>
    </>
  );
}
