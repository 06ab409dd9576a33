import { ShortFaq } from '../../faq/components/short-faq.js';
import { OfferFootnotes } from './offer-footnotes.js';

/**
 * What the offer page shows below the offer: the short FAQ (not for markets-credit brands,
 * document 1 §1) and the footnotes. Loaded after the page, as it is never the first thing read.
 */
export default function OfferPageExtras({ showShortFaq }: { showShortFaq: boolean }) {
  return (
    <>
      {showShortFaq && <ShortFaq />}
      <OfferFootnotes />
    </>
  );
}
