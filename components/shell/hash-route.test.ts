import { describe, expect, it } from 'vitest';
import { hashRoute } from './hash-route';

const at = (hash: string, pathname = '/') => hashRoute({ pathname, hash, origin: 'https://jms.example.com' });

describe('hashRoute', () => {
  it.each([
    ['#/SignIn', '/SignIn'],
    ['#/ForgotPassword', '/ForgotPassword'],
    ['#/JobSlip?jb=Vm0wd2Qy', '/JobSlip?jb=Vm0wd2Qy'],
    ['#/SignIn?messageType=2', '/SignIn?messageType=2'],
  ])('%s → %s', (hash, path) => {
    expect(at(hash)).toBe(path);
  });

  it.each(['', '#', '#main', '#/', '#//evil.example.com/x', '#/\\evil.example.com'])('ignores %j', (hash) => {
    expect(at(hash)).toBeNull();
  });

  it('keeps encoded characters inside the same origin', () => {
    expect(at('#/%5C%5Cevil.example.com')).toBe('/%5C%5Cevil.example.com');
  });

  it('only rewrites links to the root of the app', () => {
    expect(at('#/SignIn', '/Help')).toBeNull();
  });
});
