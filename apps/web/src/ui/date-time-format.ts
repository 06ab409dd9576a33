/**
 * A date formatter of the app's locale (US English) whose `Intl.DateTimeFormat` is made on its
 * first use, not when its module loads: the first `Intl` object a page creates loads the browser's
 * locale data (50–70 ms at Lighthouse's 4× slowdown; each one after it about 1 ms). Made at module
 * load, that work ran before the first render of every page whose code includes the module,
 * whether or not it shows a date. Dates shown in a first render are better written by the
 * domain's words (dates-in-words.ts), which need no locale data.
 */
export function dateTimeFormatOnFirstUse(
  options: Intl.DateTimeFormatOptions,
): (value: Date | number) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (value) => {
    format ??= new Intl.DateTimeFormat('en-US', options);
    return format.format(value);
  };
}
