import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names (clsx). No tailwind-merge: it cost 8.4 KB gzip of every first load, and the kit does not
 * need it because its components never receive conflicting utilities. The rule for every caller (host,
 * remotes, portal): a `className` passed to a kit component only ADDS utilities the component does not set
 * (margin, width, padding of a Card...). To change something the component sets, use its props (`variant`,
 * `size`), or, deliberately, Tailwind's important modifier (`border-transparent!`).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
