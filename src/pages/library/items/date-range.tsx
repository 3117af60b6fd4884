import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface DateRangeProps {
  start?: string;
  end?: string;
  /** Both ends as yyyy-MM-dd HH:mm:ss, or both undefined when cleared. */
  onChange: (start: string | undefined, end: string | undefined) => void;
}

function range(start?: string, end?: string): [Dayjs, Dayjs] | null {
  const [from, to] = [dayjs(start), dayjs(end)];
  return start && end && from.isValid() && to.isValid() ? [from, to] : null;
}

/** The date-time range filter of the lists (spec section 2). */
export function DateRange({ start, end, onChange }: DateRangeProps) {
  return (
    <DatePicker.RangePicker
      showTime
      format={DATE_TIME_FORMAT}
      placeholder={['开始时间', '结束时间']}
      value={range(start, end)}
      onChange={(values) => onChange(values?.[0]?.format(DATE_TIME_FORMAT), values?.[1]?.format(DATE_TIME_FORMAT))}
    />
  );
}
