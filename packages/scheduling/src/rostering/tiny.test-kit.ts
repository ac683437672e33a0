/** Small hand-written instances in the benchmark's text format, for tests. */
export const TINY = `# two people, one week, two shifts
SECTION_HORIZON
7

SECTION_SHIFTS
# ShiftID, Length in mins, Shifts which cannot follow this shift | separated
E,480,
L,480,E

SECTION_STAFF
# ID, MaxShifts, MaxTotalMinutes, MinTotalMinutes, MaxConsecutiveShifts, MinConsecutiveShifts, MinConsecutiveDaysOff, MaxWeekends
A,E=7|L=2,2400,960,3,2,2,1
B,E=7|L=7,2880,1440,4,1,1,0

SECTION_DAYS_OFF
# EmployeeID, DayIndexes (start at zero)
A,6
B,5

SECTION_SHIFT_ON_REQUESTS
# EmployeeID, Day, ShiftID, Weight
A,0,E,2
B,1,L,3

SECTION_SHIFT_OFF_REQUESTS
# EmployeeID, Day, ShiftID, Weight
A,2,E,1

SECTION_COVER
# Day, ShiftID, Requirement, Weight for under, Weight for over
0,E,1,100,1
0,L,1,100,1
1,E,1,100,1
1,L,1,100,1
2,E,1,100,1
2,L,0,100,1
3,E,1,100,1
3,L,0,100,1
4,E,1,100,1
4,L,0,100,1
5,E,1,100,1
5,L,0,100,1
6,E,0,100,1
6,L,0,100,1
`;
