import { describe, expect, it } from 'vitest';
import { cookieValue } from './cookie';

describe('cookieValue', () => {
  it('finds the named cookie among others, by its whole name', () => {
    expect(cookieValue('session=abc.def', 'session')).toBe('abc.def');
    expect(cookieValue('theme=dark; session=abc.def; lang=de', 'session')).toBe('abc.def');
    expect(cookieValue('xsession=wrong; session=right', 'session')).toBe('right');
    expect(cookieValue('__Host-session=secure; session=plain', '__Host-session')).toBe('secure');
    expect(cookieValue(' session = spaced ;other=1', 'session')).toBe('spaced');
  });

  it('takes the first of repeated cookies and removes quotes', () => {
    expect(cookieValue('session=first; session=second', 'session')).toBe('first');
    expect(cookieValue('session="quoted.value"', 'session')).toBe('quoted.value');
  });

  it('answers undefined for a missing or empty cookie', () => {
    expect(cookieValue('theme=dark', 'session')).toBeUndefined();
    expect(cookieValue('session=', 'session')).toBeUndefined();
    expect(cookieValue('session', 'session')).toBeUndefined();
    expect(cookieValue('', 'session')).toBeUndefined();
    expect(cookieValue('a=1;;session=x', 'session')).toBe('x');
  });
});
