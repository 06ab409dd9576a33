import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { FAQ_QUESTIONS, SHORT_FAQ } from '../faq-questions.js';

/** The offer page's short FAQ list: a few questions, each linking to its answer on /faq. */
export function ShortFaq() {
  return (
    <section className="short-faq" aria-labelledby="short-faq-heading">
      <h2 id="short-faq-heading">Frequently asked questions</h2>
      <ul className="short-faq__list">
        {SHORT_FAQ.map((key) => {
          const { id, question } = FAQ_QUESTIONS[key];
          return (
            <li key={id}>
              <Link to={`${paths.faq.getHref()}#${id}`}>{question}</Link>
            </li>
          );
        })}
      </ul>
      <Link to={paths.faq.getHref()}>See all questions</Link>
    </section>
  );
}
