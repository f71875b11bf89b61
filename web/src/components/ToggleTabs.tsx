/**
 * A row of buttons of which one is pressed (a result filter, real or practice): the choice
 * takes effect at once, and `legend` names the group for screen readers.
 */
export function ToggleTabs<Value extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <fieldset className="tabs">
      <legend className="sr-only">{legend}</legend>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={`btn btn-sm ${o.value === value ? 'btn-primary' : 'btn-ghost'}`}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}
