import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../ui/button/button.js';

const LtvExplanation = lazy(() => import('./ltv-explanation.js'));

/** 'Learn more': a button that opens the explanation of LTV (document 1 §2). */
export function LearnMoreLtv() {
  const [isOpen, setIsOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  return (
    <>
      <Button
        variant="link"
        aria-haspopup="dialog"
        onClick={() => {
          setWasOpened(true);
          setIsOpen(true);
        }}
      >
        Learn more <span className="visually-hidden">about loan-to-value</span>
      </Button>
      {wasOpened && (
        <Suspense fallback={null}>
          <LtvExplanation isOpen={isOpen} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
