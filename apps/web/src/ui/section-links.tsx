/** A page's table of contents: a link to each of its sections by the section's id. */
export function SectionLinks({
  sections,
}: {
  sections: readonly { readonly id: string; readonly title: string }[];
}) {
  return (
    <ul>
      {sections.map((section) => (
        <li key={section.id}>
          <a href={`#${section.id}`}>{section.title}</a>
        </li>
      ))}
    </ul>
  );
}
