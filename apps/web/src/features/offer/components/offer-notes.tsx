/** The offer page's footnotes: their anchors, and the marks that link to them. */
export interface TNote {
  id: string;
  number: number;
}

/** The offer page's footnotes, in their order. */
export const OFFER_NOTES = {
  fee: { id: 'offer-note-fee', number: 1 },
  apr: { id: 'offer-note-apr', number: 2 },
  collateral: { id: 'offer-note-collateral', number: 3 },
  liquidation: { id: 'offer-note-liquidation', number: 4 },
} as const satisfies Record<string, TNote>;

/** A footnote mark that links to its note. */
export function NoteRef({ note }: { note: TNote }) {
  return (
    <sup className="note-ref">
      <a href={`#${note.id}`} aria-label={`Note ${note.number}`}>
        {note.number}
      </a>
    </sup>
  );
}
