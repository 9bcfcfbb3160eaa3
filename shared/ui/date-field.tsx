import { useEffect, useState } from 'react';
import { DATE_FIELD_PATTERN, formatCalendarDay, parseCalendarDay } from '../format/date';
import { formatLanguage } from '../format/locale';
import { Field, type FieldProps } from './field';

export type DateFieldProps = Omit<FieldProps, 'type' | 'value' | 'onChange' | 'min' | 'max'> & {
  /** The calendar day `YYYY-MM-DD`, '' for none, or what the person typed when it is not a day yet. */
  value: string;
  /** The app's language: the field reads and writes its notation (spec §9), whatever the browser's is. */
  lang: string;
  /** The day typed (`YYYY-MM-DD`), or the text itself while it is not one (the form's contract refuses it). */
  onChange: (value: string) => void;
};

/**
 * A date field in the app's language, not the browser's: `<input type="date">` shows the browser's
 * locale (a German provider in an English browser read MM/DD/YYYY), so this is a text field that shows
 * and reads dd.mm.yyyy in German and mm/dd/yyyy in English (ISO is accepted in both), with the pattern as
 * its placeholder. A finished day is written back in full (`9.3.2026` → `09.03.2026`) when it loses focus.
 */
export function DateField({ value, lang, onChange, onBlur, ...rest }: DateFieldProps) {
  const [text, setText] = useState(() => formatCalendarDay(value, lang));
  // A new value from outside (a reset, a loaded draft, another language) replaces the text; the value the
  // text itself stands for does not (no reformatting under the cursor).
  useEffect(() => {
    setText((current) =>
      (parseCalendarDay(current, lang) ?? current.trim()) === value
        ? current
        : formatCalendarDay(value, lang),
    );
  }, [value, lang]);
  return (
    <Field
      {...rest}
      type="text"
      inputMode="text"
      autoComplete="off"
      placeholder={DATE_FIELD_PATTERN[formatLanguage(lang)]}
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        onChange(parseCalendarDay(typed, lang) ?? typed.trim());
      }}
      onBlur={(event) => {
        const day = parseCalendarDay(text, lang);
        if (day) setText(formatCalendarDay(day, lang));
        onBlur?.(event);
      }}
    />
  );
}
