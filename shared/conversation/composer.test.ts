import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH as API_LIMIT } from '../contracts/messages';
import { MESSAGE_MAX_LENGTH } from './composer';

describe('composer', () => {
  it('allows exactly the API’s message length', () => {
    expect(MESSAGE_MAX_LENGTH).toBe(API_LIMIT);
  });
});
