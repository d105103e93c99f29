import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '@/components/ui/select';
import { groupPlatforms } from '../utils/platform-groups';

const PLATFORM_GROUPS = groupPlatforms();

export interface PlatformSelectProps {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
  placeholder: string;
}

/** The COMMUNICATION PLATFORM picker: PLATFORMS grouped by category, with no empty-value item. */
export default function PlatformSelect({ id, value, onValueChange, disabled, placeholder }: PlatformSelectProps) {
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled} name="platform">
      <SelectTrigger id={id}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {PLATFORM_GROUPS.map((group) => (
          <SelectGroup key={group.category}>
            <SelectLabel>{group.category}</SelectLabel>
            {group.options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectGroup>
        ))}
      </SelectContent>
    </Select>
  );
}
