import { useEffect, useRef } from 'react';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { groupPlatforms } from '../utils/platform-groups';

const PLATFORM_GROUPS = groupPlatforms();

export interface PlatformSelectProps {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
  placeholder: string;
  /** The user clicked or focused the stand-in before this chunk arrived: carry on where they were. */
  resumeInteraction?: 'open' | 'focus';
}

/** The COMMUNICATION PLATFORM picker: PLATFORMS grouped by category, with no empty-value item. */
export default function PlatformSelect({
  id,
  value,
  onValueChange,
  disabled,
  placeholder,
  resumeInteraction,
}: PlatformSelectProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (resumeInteraction) triggerRef.current?.focus();
    // Only on mount: the hand-over from the stand-in happens once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Select
      value={value}
      onValueChange={onValueChange}
      disabled={disabled}
      name="platform"
      defaultOpen={resumeInteraction === 'open'}
    >
      <SelectTrigger id={id} ref={triggerRef}>
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
