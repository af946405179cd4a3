/** Shared look of text-like controls (input, textarea, select, date and time pickers): the .ctl class of app/globals.css. */
export const controlClasses = 'ctl';

export const controlHeight = 'h-10';
