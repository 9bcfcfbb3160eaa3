import { describe, expect, it } from 'vitest';
import { translate } from './translate';

const messages = {
  greeting: 'Welcome, {{name}}',
  nested: { deep: 'Deep {{ a }} and {{b}}' },
  files_one: '{{count}} file',
  files_other: '{{count}} files',
};

describe('translate', () => {
  it('looks nested keys up and fills placeholders', () => {
    expect(translate(messages, 'en', 'greeting', { name: 'Ada' })).toBe('Welcome, Ada');
    expect(translate(messages, 'en', 'nested.deep', { a: 1, b: 'two' })).toBe('Deep 1 and two');
  });

  it('picks the plural form by count', () => {
    expect(translate(messages, 'en', 'files', { count: 1 })).toBe('1 file');
    expect(translate(messages, 'en', 'files', { count: 3 })).toBe('3 files');
    expect(translate(messages, 'de', 'files', { count: 0 })).toBe('0 files');
  });

  it('returns the key for a missing text and leaves unknown placeholders alone', () => {
    expect(translate(messages, 'en', 'nope.missing')).toBe('nope.missing');
    expect(translate(messages, 'en', 'nested')).toBe('nested');
    expect(translate(messages, 'en', 'greeting', {})).toBe('Welcome, {{name}}');
  });
});
