import { Search } from 'lucide-react';
import { useCallback, useId } from 'react';
import { fieldClasses, Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { useDebouncedSearch } from '../hooks/use-debounced-search';
import { TYPE_OPTIONS, VERDICT_OPTIONS, type HistoryFilters } from '../utils/history-query';

export type FiltersChange = (next: HistoryFilters, options?: { replace?: boolean }) => void;

/** Search as you type (after a pause), verdict and type filters; every change goes to the URL. */
export function HistoryToolbar({
  filters,
  onFiltersChange,
}: {
  filters: HistoryFilters;
  onFiltersChange: FiltersChange;
}) {
  const id = useId();
  const commit = useCallback(
    (q: string) => onFiltersChange({ ...filters, q, page: 1 }, { replace: true }),
    [filters, onFiltersChange],
  );
  const [text, setText] = useDebouncedSearch(filters.q, commit);

  return (
    <form
      role="search"
      aria-label="Search and filter your scans"
      className="grid gap-2 border-b border-slate-100 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:px-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() !== filters.q) onFiltersChange({ ...filters, q: text.trim(), page: 1 }, { replace: true });
      }}
    >
      <div className="relative">
        <label htmlFor={`${id}-q`} className="sr-only">
          Search your scans
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          id={`${id}-q`}
          type="search"
          enterKeyHint="search"
          maxLength={200}
          placeholder="Search your scans"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="pl-9"
        />
      </div>
      <div className="grid grid-cols-2 gap-2 sm:contents">
        <FilterSelect
          label="Verdict"
          allLabel="All verdicts"
          options={VERDICT_OPTIONS}
          value={filters.verdict}
          onChange={(verdict) => onFiltersChange({ ...filters, q: text.trim(), verdict, page: 1 })}
        />
        <FilterSelect
          label="Scam type"
          allLabel="All types"
          options={TYPE_OPTIONS}
          value={filters.type}
          onChange={(type) => onFiltersChange({ ...filters, q: text.trim(), type, page: 1 })}
        />
      </div>
    </form>
  );
}

const selectClasses = cn(fieldClasses, 'h-11 cursor-pointer pr-8 sm:w-auto');

/** One history filter: a labelled native select whose first option means "any" (the empty value). */
function FilterSelect<T extends string>({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T | '';
  onChange: (value: T | '') => void;
}) {
  return (
    <label className="min-w-0">
      <span className="sr-only">{label}</span>
      <select
        className={selectClasses}
        value={value}
        onChange={(event) => onChange(options.find((o) => o.value === event.target.value)?.value ?? '')}
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
