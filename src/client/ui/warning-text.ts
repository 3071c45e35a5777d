/** Dark amber for warning text: 7:1 on white (Mantine's orange.9 reaches only about 3.9:1). */
export const WARNING_TEXT = '#7a3300';
