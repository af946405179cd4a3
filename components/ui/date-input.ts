/**
 * The text forms of the pickers (spec §9): dates dd/MM/yyyy, times hh:mm AM/PM on a 12-hour
 * clock with 15-minute steps. Pure functions (tested).
 */
import { isRealDay } from '@/lib/core/calendar-date';

export interface CalendarDate {
  year: number;
  month: number; // 1-12
  day: number;
}

const DATE_TEXT = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/;
const TIME_TEXT = /^\s*(\d{1,2}):(\d{2})\s*([AaPp])\.?\s*[Mm]\.?\s*$/;

export const TIME_STEP_MINUTES = 15;

const pad = (n: number) => String(n).padStart(2, '0');

/** Reads d/M/yyyy (also with - or .) into a real calendar date, or null. */
export function parsePickerDate(text: string): CalendarDate | null {
  const m = DATE_TEXT.exec(text);
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  return year >= 1000 && isRealDay(year, month, day) ? { year, month, day } : null;
}

export function formatPickerDate(d: CalendarDate): string {
  return `${pad(d.day)}/${pad(d.month)}/${d.year}`;
}

/** Canonical dd/MM/yyyy for a parseable text, otherwise the text unchanged. */
export function normalizePickerDate(text: string): string {
  const d = parsePickerDate(text);
  return d ? formatPickerDate(d) : text;
}

/** The calendar date as a local-midnight Date (what the calendar widget works with). */
export function toLocalDate(d: CalendarDate): Date {
  return new Date(d.year, d.month - 1, d.day);
}

export function fromLocalDate(date: Date): CalendarDate {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

export interface ClockTime {
  hour: number; // 0-23
  minute: number;
}

/** Reads 'h:mm AM' / 'hh:mm pm' into 24-hour parts, or null. */
export function parseTime12(text: string): ClockTime | null {
  const m = TIME_TEXT.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const minute = Number(m[2]);
  if (h < 1 || h > 12 || minute > 59) return null;
  const pm = (m[3] ?? '').toUpperCase() === 'P';
  return { hour: (h % 12) + (pm ? 12 : 0), minute };
}

/** 'hh:mm AM/PM' from 24-hour parts. */
export function formatTime12(t: ClockTime): string {
  const h12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  return `${pad(h12)}:${pad(t.minute)} ${t.hour < 12 ? 'AM' : 'PM'}`;
}

/** Every time of the day on the picker's grid: 12:00 AM, 12:15 AM, ... 11:45 PM. */
export function timeOptions(stepMinutes: number = TIME_STEP_MINUTES): string[] {
  const out: string[] = [];
  for (let m = 0; m < 24 * 60; m += stepMinutes) out.push(formatTime12({ hour: Math.floor(m / 60), minute: m % 60 }));
  return out;
}
