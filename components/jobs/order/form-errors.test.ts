import { describe, expect, it } from 'vitest';
import { errorPaths, isStepOnePath, placeErrors } from './form-errors';

describe('errorPaths', () => {
  it('lists the dotted paths of nested react-hook-form errors', () => {
    const errors = {
      email: { type: 'custom', message: 'bad', ref: {} },
      copyInstructions: { paperSize: { type: 'custom', message: 'x' }, excludeFromNumbering: { message: 'y' } },
    };
    expect(errorPaths(errors).sort()).toEqual([
      'copyInstructions.excludeFromNumbering',
      'copyInstructions.paperSize',
      'email',
    ]);
    expect(errorPaths(undefined)).toEqual([]);
  });
});

describe('placeErrors', () => {
  it('sends step-one problems back to step one, focusing the first field in form order', () => {
    expect(placeErrors(['timeDueInput', 'contactName', 'copyInstructions.paperSize'], 3)).toEqual({
      step: 1,
      focus: 'contactName',
      section: null,
    });
  });

  it('keeps the number of copies of appeal books and court copies on the detail step', () => {
    expect(isStepOnePath('numberOfCopies', 1)).toBe(false);
    expect(isStepOnePath('numberOfCopies', 5)).toBe(true);
    expect(placeErrors(['numberOfCopies'], 2)).toEqual({ step: 2, focus: 'numberOfCopies', section: null });
    expect(placeErrors(['numberOfCopies'], 3)).toMatchObject({ step: 1 });
  });

  it.each([
    [
      'copyInstructions',
      ['copyInstructions.applyPageNumbers', 'copyInstructions.dividers'],
      'dividers',
      'copyInstructions.dividers',
    ],
    [
      'ePrintInstructions',
      ['ePrintInstructions.excelFiles', 'ePrintInstructions.tabbedDividerLabel'],
      'inserts',
      'ePrintInstructions.tabbedDividerLabel',
    ],
    [
      'eScanInstructions',
      ['eScanInstructions.deliverFiles', 'eScanInstructions.scanFileNaming'],
      'fileNaming',
      'eScanInstructions.scanFileNaming',
    ],
  ])('opens the first invalid section of %s', (block, paths, id, focus) => {
    expect(placeErrors(paths, 3)).toEqual({ step: 2, focus, section: { block, id } });
  });

  it('answers null without errors and the first path for other blocks', () => {
    expect(placeErrors([], 1)).toBeNull();
    expect(placeErrors(['appealBook.prepare'], 1)).toEqual({ step: 2, focus: 'appealBook.prepare', section: null });
  });
});
