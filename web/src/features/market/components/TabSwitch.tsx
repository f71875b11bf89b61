/**
 * A row of toggle buttons of which one is on (candle interval, chart or book, timeframe): a
 * named group of pressed buttons, one Tab stop each.
 */
export function TabSwitch<T extends string>({
  legend,
  options,
  value,
  onChange,
  label = (option) => option,
  className,
  testId,
}: {
  legend: string;
  options: readonly T[];
  value: T;
  onChange: (option: T) => void;
  label?: (option: T) => string;
  className?: string;
  testId?: string;
}) {
  return (
    <fieldset className={`tabs ${className ?? ''}`} data-testid={testId}>
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className={`tab ${option === value ? 'is-active' : ''}`}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {label(option)}
        </button>
      ))}
    </fieldset>
  );
}
