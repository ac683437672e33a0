/** Which greeting fits the hour of the day. */
export function greetingKey(hour: number): 'overview.morning' | 'overview.afternoon' | 'overview.evening' {
  if (hour >= 5 && hour < 12) return 'overview.morning';
  if (hour >= 12 && hour < 18) return 'overview.afternoon';
  return 'overview.evening';
}
