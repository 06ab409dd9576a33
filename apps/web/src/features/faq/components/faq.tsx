import { useMemo } from 'react';
import { LOAN_TERM_MONTHS, OFFER_TTL_MINUTES } from '@pledge/domain';
import { useBrand } from '../../../brand/brand-context.js';
import { Accordion, AccordionItem } from '../../../ui/accordion/accordion.js';
import { faqSections } from './faq-sections.js';
import { SectionLinks } from '../../../ui/section-links.js';
import { useLinkedSection } from '../../../ui/use-linked-section.js';

/** Notes under the FAQ: the assumptions behind its figures. */
function FaqNotes() {
  const brand = useBrand();
  return (
    <section className="faq__notes" aria-labelledby="faq-notes-heading">
      <h2 id="faq-notes-heading">Notes</h2>
      <ol className="footnotes">
        <li>
          Rates are fixed for the {LOAN_TERM_MONTHS}-month term. Offers are priced at the coin price
          when they are made and can be accepted for {OFFER_TTL_MINUTES} minutes.
        </li>
        <li>
          APRs assume {LOAN_TERM_MONTHS} monthly interest-only payments, the origination fee added
          to the loan, and the principal repaid with the last payment.
        </li>
        <li>
          All loans are subject to approval. {brand.legalName}, NMLS #{brand.nmlsNumber}.
        </li>
      </ol>
    </section>
  );
}

/** A linked question (opened as it renders): its summary focused, the question scrolled to. */
function openLinkedQuestion(target: HTMLElement) {
  const focusable = target instanceof HTMLDetailsElement ? target.querySelector('summary') : target;
  focusable?.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'start' });
}

/**
 * The full FAQ (document 1 §2): an index of its sections beside them, each question an expandable
 * item. A link to one question (/faq#who-can-apply) opens it and moves focus to it.
 */
export function Faq() {
  const brand = useBrand();
  const sections = useMemo(() => faqSections(brand), [brand]);
  const linkedId = useLinkedSection(openLinkedQuestion);

  return (
    <div className="faq">
      <nav className="faq__index" aria-labelledby="faq-index-heading">
        <h2 id="faq-index-heading" className="faq__index-heading">
          Topics
        </h2>
        <SectionLinks sections={sections} />
      </nav>
      <div className="faq__body">
        {sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            className="faq__section"
            aria-labelledby={`${section.id}-heading`}
            tabIndex={-1}
          >
            <h2 id={`${section.id}-heading`}>{section.title}</h2>
            <Accordion>
              {section.items.map((faqItem) => (
                <AccordionItem
                  key={faqItem.id}
                  id={faqItem.id}
                  title={faqItem.question}
                  defaultOpen={faqItem.id === linkedId}
                >
                  {faqItem.answer}
                </AccordionItem>
              ))}
            </Accordion>
          </section>
        ))}
        <FaqNotes />
      </div>
    </div>
  );
}
