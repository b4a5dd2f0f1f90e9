import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/** How a date is written in the filters' values and shown in the inputs. */
export const DATE_FORMAT = 'YYYY-MM-DD';

export interface DateInputProps {
  /** `YYYY-MM-DD`, or '' for none */
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  ariaLabel?: string;
  size?: 'small' | 'middle' | 'large';
  className?: string;
  status?: 'error' | 'warning';
  /** on the input itself (fill it with `YYYY-MM-DD`) */
  testId?: string;
}

/**
 * A date input in the app's language: antd's DatePicker (texts from the ConfigProvider locale, month and
 * week names from the dayjs locale ThemeProvider sets, both following a language switch at once), its
 * value written `YYYY-MM-DD`. Not `<input type="date">`: the browser draws that one in the operating
 * system's locale ("mm/dd/yyyy" in an English Chromium whatever the app's language; issue 27).
 */
export function DateInput({ value, onChange, placeholder, ariaLabel, size, className, status, testId }: DateInputProps) {
  const parsed = value ? dayjs(value.slice(0, 10)) : null;
  return (
    <DatePicker
      size={size}
      className={className}
      status={status}
      value={parsed && parsed.isValid() ? parsed : null}
      format={DATE_FORMAT}
      placeholder={placeholder}
      aria-label={ariaLabel}
      onChange={(date) => onChange(date ? date.format(DATE_FORMAT) : '')}
      data-testid={testId}
    />
  );
}
