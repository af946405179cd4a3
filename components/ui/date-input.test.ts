import { describe, expect, it } from 'vitest';
import { formatTime12, normalizePickerDate, parsePickerDate, parseTime12, timeOptions } from './date-input';

describe('picker date text (dd/MM/yyyy)', () => {
  it('reads day first and pads on normalising', () => {
    expect(parsePickerDate('05/03/2024')).toEqual({ year: 2024, month: 3, day: 5 });
    expect(normalizePickerDate('5/3/2024')).toBe('05/03/2024');
    expect(normalizePickerDate('5-3-2024')).toBe('05/03/2024');
  });

  it('rejects dates that do not exist and leaves the text for the validator', () => {
    expect(parsePickerDate('31/04/2024')).toBeNull();
    expect(parsePickerDate('29/02/2023')).toBeNull();
    expect(parsePickerDate('29/02/2024')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parsePickerDate('2024-03-05')).toBeNull();
    expect(normalizePickerDate('13/13/2024')).toBe('13/13/2024');
  });
});

describe('picker time text (hh:mm AM/PM)', () => {
  it('offers 96 times in 15-minute steps on a 12-hour clock', () => {
    const all = timeOptions();
    expect(all).toHaveLength(96);
    expect(all.slice(0, 5)).toEqual(['12:00 AM', '12:15 AM', '12:30 AM', '12:45 AM', '01:00 AM']);
    expect(all).toContain('12:00 PM');
    expect(all.at(-1)).toBe('11:45 PM');
  });

  it('reads and writes 12-hour times', () => {
    expect(parseTime12('12:00 AM')).toEqual({ hour: 0, minute: 0 });
    expect(parseTime12('12:30 pm')).toEqual({ hour: 12, minute: 30 });
    expect(parseTime12('3:45 PM')).toEqual({ hour: 15, minute: 45 });
    expect(parseTime12('13:00 PM')).toBeNull();
    expect(formatTime12({ hour: 15, minute: 45 })).toBe('03:45 PM');
    expect(formatTime12({ hour: 0, minute: 15 })).toBe('12:15 AM');
  });
});
