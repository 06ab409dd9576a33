import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getConsentTypes, getProfile, putProfile } from '@pledge/contract';
import { apiRequest, isApiError } from '../../../api/client.js';
import { useSession } from '../../../features/session/use-session.js';
import { Alert } from '../../alert/alert.js';
import { Button } from '../../button/button.js';
import { Checkbox } from '../../checkbox/checkbox.js';
import { Modal } from '../../modal/modal.js';
import {
  choicesFromConsentTypes,
  NO_CHOICES,
  profileWithChoices,
  readLocalPrivacyChoices,
  saveLocalPrivacyChoices,
  type TPrivacyChoices,
} from './privacy-choices.js';

const SAVED_TOAST_MS = 5000;
const SAVE_FAILED_MESSAGE = 'Your choices could not be saved. Try again.';

interface TPrivacyOptionsModalProps {
  isOpen: boolean;
  onClose: () => void;
}

function PrivacyChoicesForm({
  initial,
  isSaving,
  error,
  note,
  onSave,
  onCancel,
}: {
  initial: TPrivacyChoices;
  isSaving: boolean;
  error: string | null;
  note: string;
  onSave: (choices: TPrivacyChoices) => void;
  onCancel: () => void;
}) {
  const [choices, setChoices] = useState(initial);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isSaving) onSave(choices);
  }
  return (
    <form className="privacy-options" onSubmit={onSubmit}>
      {error !== null && <Alert variant="error">{error}</Alert>}
      <fieldset className="privacy-options__choices">
        <legend className="visually-hidden">Your choices</legend>
        <Checkbox
          label="Opt out of marketing"
          description="Offers and promotions by e-mail, text message or phone."
          checked={choices.MARKETING === 'OPT_OUT'}
          onCheckedChange={(isChecked) =>
            setChoices((current) => ({ ...current, MARKETING: isChecked ? 'OPT_OUT' : 'OPT_IN' }))
          }
        />
        <Checkbox
          label="Opt out of other communications"
          description="Product news, surveys and invitations. Messages about your loan and your account are always sent."
          checked={choices.COMMUNICATIONS === 'OPT_OUT'}
          onCheckedChange={(isChecked) =>
            setChoices((current) => ({
              ...current,
              COMMUNICATIONS: isChecked ? 'OPT_OUT' : 'OPT_IN',
            }))
          }
        />
      </fieldset>
      <p className="privacy-options__note">{note}</p>
      <div className="privacy-options__actions">
        <Button type="submit" isLoading={isSaving} isFullWidth={false}>
          Save choices
        </Button>
        <Button variant="secondary" isFullWidth={false} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The footer's privacy options: opting out of marketing and other communications. A signed-in
 * borrower's choices go to their profile consents; anyone else's stay in this browser.
 */
export function PrivacyOptionsModal({ isOpen, onClose }: TPrivacyOptionsModalProps) {
  const session = useSession('customer');
  const queryClient = useQueryClient();
  const isSignedIn = session.status === 'signed-in';
  const consentTypes = useQuery({
    queryKey: ['privacy-options', 'consent-types'],
    queryFn: () => apiRequest(getConsentTypes),
    enabled: isOpen && isSignedIn,
  });
  const profile = useQuery({
    queryKey: ['privacy-options', 'profile'],
    queryFn: () => apiRequest(getProfile),
    enabled: isOpen && isSignedIn,
  });
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function finish(title: string) {
    setIsSaving(false);
    onClose();
    // The toast code (react-aria) loads only when there is something to say.
    void import('../../toast/toast-queue.js').then(({ toastQueue }) =>
      toastQueue.add({ title, variant: 'success' }, { timeout: SAVED_TOAST_MS }),
    );
  }

  async function onSave(choices: TPrivacyChoices) {
    setError(null);
    const body =
      isSignedIn && profile.data !== undefined && consentTypes.data !== undefined
        ? profileWithChoices(profile.data, consentTypes.data, choices)
        : null;
    if (body === null) {
      saveLocalPrivacyChoices(choices);
      finish('Your privacy choices are saved in this browser.');
      return;
    }
    setIsSaving(true);
    try {
      await apiRequest(putProfile, { body });
      saveLocalPrivacyChoices(choices);
      await queryClient.invalidateQueries({ queryKey: ['privacy-options'] });
      finish('Your privacy choices are saved.');
    } catch (failure) {
      setIsSaving(false);
      setError(
        isApiError(failure) && failure.apiError !== null ? failure.message : SAVE_FAILED_MESSAGE,
      );
    }
  }

  let content;
  if (isSignedIn && (consentTypes.isPending || profile.isPending)) {
    content = (
      <p className="loading" role="status">
        Loading your choices…
      </p>
    );
  } else if (isSignedIn && (consentTypes.isError || profile.isError)) {
    content = (
      <Alert variant="error" title="Your choices could not be loaded.">
        <Button
          variant="link"
          onClick={() => {
            void consentTypes.refetch();
            void profile.refetch();
          }}
        >
          Try again
        </Button>
      </Alert>
    );
  } else {
    const hasProfile = isSignedIn && profile.data?.name != null;
    const initial =
      hasProfile && consentTypes.data !== undefined
        ? choicesFromConsentTypes(consentTypes.data)
        : (readLocalPrivacyChoices() ?? NO_CHOICES);
    content = (
      <PrivacyChoicesForm
        initial={initial}
        isSaving={isSaving}
        error={error}
        note={
          hasProfile
            ? 'Your choices are saved to your profile and apply wherever you sign in.'
            : 'Your choices are saved in this browser. Once you have a profile with us, saving them here again records them with it.'
        }
        onSave={(choices) => void onSave(choices)}
        onCancel={onClose}
      />
    );
  }

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Privacy options"
      description="Choose which messages you receive from us. We never sell your personal information."
    >
      {content}
    </Modal>
  );
}
