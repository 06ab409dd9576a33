/**
 * A date formatter of the app's locale (US English) whose `Intl.DateTimeFormat` is made on its
 * first use, not when its module loads: the first `Intl` object a page creates loads the browser's
 * locale data, and each formatter builds its patterns. Made at module load, that work ran before
 * the first render of every page whose code includes the module, whether or not it shows a date
 * (a third of a signed-in page's start at a phone's speed).
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
