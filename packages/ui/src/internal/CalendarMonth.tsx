import {
  Button,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
} from 'react-aria-components';

/**
 * The month both date pickers show in their popover, inside a React Aria Calendar or RangeCalendar: the previous and
 * next buttons around the month's heading, the short weekday names and the days.
 */
export function CalendarMonth({ cellClassName }: { cellClassName: string }) {
  return (
    <>
      <header className="ui-calendar__header">
        <Button slot="previous" className="ui-calendar__nav">
          <span aria-hidden="true">‹</span>
        </Button>
        <Heading className="ui-calendar__heading" />
        <Button slot="next" className="ui-calendar__nav">
          <span aria-hidden="true">›</span>
        </Button>
      </header>
      <CalendarGrid className="ui-calendar__grid" weekdayStyle="short">
        <CalendarGridHeader>
          {(day) => <CalendarHeaderCell className="ui-calendar__weekday">{day}</CalendarHeaderCell>}
        </CalendarGridHeader>
        <CalendarGridBody>{(d) => <CalendarCell date={d} className={cellClassName} />}</CalendarGridBody>
      </CalendarGrid>
    </>
  );
}
