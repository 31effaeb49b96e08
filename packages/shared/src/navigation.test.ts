import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './navigation';

describe('safeReturnTo', () => {
  it('keeps same-site paths', () => {
    expect(safeReturnTo('/dashboard/profile')).toBe('/dashboard/profile');
    expect(safeReturnTo('/payment?plan=pro#x')).toBe('/payment?plan=pro#x');
  });
  it.each([
    ['//evil.example'],
    ['/\\evil.example'],
    ['https://evil.example/dashboard'],
    ['javascript:alert(1)'],
    ['dashboard'],
    [''],
    ['/ok\nSet-Cookie:x'],
  ])('rejects %j', (value) => {
    expect(safeReturnTo(value)).toBe('/dashboard/agents');
  });
  it('rejects non-strings', () => {
    expect(safeReturnTo(undefined, '/x')).toBe('/x');
    expect(safeReturnTo({ path: '/' }, '/x')).toBe('/x');
  });
});
