import { describe, expect, it } from 'vitest';
import { supplierSchema, SUPPLIER_MSG } from '@/lib/invoices/supplier-schema';
import { contrastWithWhite, darkenToPass, MAIL_BRAND_COLOUR, MIN_CONTRAST, normaliseHex } from './colour';

const supplier = {
  LegalName: 'Harbour Legal Services Pty Ltd',
  Abn: '51 824 753 556',
  Address: '1 Harbour St, Sydney NSW 2000',
  Email: '',
  Phone: '',
  BankAccountName: 'Harbour Legal Services',
  BankBsb: '062-000',
  BankAccountNumber: '12345678',
  GstRate: '10',
};
const colourIssue = (BrandColour: string) => {
  const r = supplierSchema.safeParse({ ...supplier, BrandColour });
  return r.success ? null : r.error.issues.find((i) => i.path[0] === 'BrandColour')?.message;
};

describe('the e-mails’ brand colour', () => {
  it('reads #rgb and #rrggbb in any case, with or without #, as lower-case #rrggbb', () => {
    expect(normaliseHex('#ABC')).toBe('#aabbcc');
    expect(normaliseHex(' 0B5FFF ')).toBe('#0b5fff');
    expect(normaliseHex('navy')).toBeNull();
    expect(supplierSchema.parse({ ...supplier, BrandColour: '#0B4F6C' }).BrandColour).toBe('#0b4f6c');
    expect(supplierSchema.parse({ ...supplier, BrandColour: '  ' }).BrandColour).toBe('');
    expect(supplierSchema.parse(supplier).BrandColour).toBe('');
  });

  it('refuses what is not a colour, and a colour white text is hard to read on, suggesting a darker one that passes', () => {
    expect(colourIssue('navy')).toBe(SUPPLIER_MSG.colour);
    expect(colourIssue('#12345')).toBe(SUPPLIER_MSG.colour);
    const msg = colourIssue('#f5a623');
    expect(msg).toMatch(
      /^White text on #f5a623 is hard to read \(contrast 2\.0:1; at least 4\.5:1 is needed\)\. Please choose a darker colour, for example #[0-9a-f]{6}\.$/,
    );
    const suggested = /example (#[0-9a-f]{6})/.exec(msg ?? '')?.[1] ?? '';
    expect(contrastWithWhite(suggested)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(colourIssue(suggested)).toBeNull();
    expect(darkenToPass(MAIL_BRAND_COLOUR)).toBe(MAIL_BRAND_COLOUR);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1);
    expect(contrastWithWhite('#000000')).toBeCloseTo(21);
  });
});
