import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  FileUploader,
  uploadedCountMessage,
  uploadTag,
  type TFileUploaderProps,
} from './file-uploader.js';

const ID_TYPES = ['image/png', 'image/jpeg', 'application/pdf'];
const png = new File(['png'], 'id-front.png', { type: 'image/png' });
const pdf = new File(['pdf'], 'passport.pdf', { type: 'application/pdf' });
const text = new File(['txt'], 'notes.txt', { type: 'text/plain' });

type TProps = Partial<Omit<TFileUploaderProps, 'files' | 'onFilesChange'>> & {
  initialFiles?: File[];
  onFilesChange?: (files: File[]) => void;
};

/** The uploader with its files held in state, as a page holds them. */
function Uploader({ initialFiles = [], onFilesChange, ...props }: TProps) {
  const [files, setFiles] = useState<File[]>(initialFiles);
  return (
    <FileUploader
      label="Photo of your ID"
      accept={ID_TYPES}
      {...props}
      files={files}
      onFilesChange={(next) => {
        setFiles(next);
        onFilesChange?.(next);
      }}
    />
  );
}

function fileInput(): HTMLInputElement {
  return screen.getByLabelText<HTMLInputElement>('Photo of your ID');
}

describe('uploadTag', () => {
  it.each([
    ['selecting', 0, true, 'Required'],
    ['selecting', 1, true, null],
    ['selecting', 0, false, null],
    ['uploading', 1, true, 'Uploading'],
    ['uploaded', 2, true, 'Uploaded'],
  ] as const)('%s with %i file(s), required %s → %j', (status, count, isRequired, tag) => {
    expect(uploadTag(status, count, isRequired)).toBe(tag);
  });

  it('counts uploaded files in the words of the spec', () => {
    expect(uploadedCountMessage(1)).toBe('1 file(s) uploaded');
    expect(uploadedCountMessage(3)).toBe('3 file(s) uploaded');
  });
});

describe('FileUploader', () => {
  it('is required by default: a Required tag until a file is chosen', async () => {
    render(<Uploader />);
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(fileInput()).toBeRequired();
    expect(fileInput()).toHaveAttribute('accept', 'image/png,image/jpeg,application/pdf');
    expect(fileInput()).toHaveAccessibleDescription('Accepted files: PNG, JPEG, PDF');
    await userEvent.upload(fileInput(), png);
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    expect(screen.getByText('id-front.png')).toBeInTheDocument();
    expect(fileInput()).not.toBeRequired();
  });

  it('refuses a file of another type and says which types it takes', async () => {
    const onFilesChange = vi.fn();
    render(<Uploader onFilesChange={onFilesChange} />);
    await userEvent.upload(fileInput(), text, { applyAccept: false });
    expect(onFilesChange).not.toHaveBeenCalled();
    expect(fileInput()).toBeInvalid();
    expect(fileInput()).toHaveAccessibleDescription(
      'Error: notes.txt: only PNG, JPEG, PDF files can be uploaded. Accepted files: PNG, JPEG, PDF',
    );
  });

  it('takes files dropped on it', () => {
    const onFilesChange = vi.fn();
    render(<Uploader onFilesChange={onFilesChange} />);
    const zone = screen.getByText('or drag and drop it here');
    const drop = createEvent.drop(zone);
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [pdf, text] } });
    fireEvent(zone, drop);
    expect(onFilesChange).toHaveBeenCalledWith([pdf]);
    expect(screen.getByText('passport.pdf')).toBeInTheDocument();
  });

  it('adds to the list when several files are allowed, and removes one by its button', async () => {
    const user = userEvent.setup();
    render(<Uploader isMultiple />);
    await user.upload(fileInput(), [png]);
    await user.upload(fileInput(), [pdf]);
    expect(screen.getByText('id-front.png')).toBeInTheDocument();
    expect(screen.getByText('passport.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove id-front.png' }));
    expect(screen.queryByText('id-front.png')).not.toBeInTheDocument();
  });

  it("shows 'Uploading' while in progress and cannot be changed meanwhile", () => {
    render(<Uploader initialFiles={[png]} status="uploading" />);
    expect(screen.getByText('Uploading', { selector: '.tag' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Uploading');
    expect(fileInput()).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it("shows 'Uploaded' and the count afterwards", () => {
    render(<Uploader initialFiles={[png, pdf]} isMultiple status="uploaded" />);
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 file(s) uploaded');
  });

  it('optional: no tag and not required', () => {
    render(<Uploader isRequired={false} />);
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    expect(fileInput()).not.toBeRequired();
  });

  it('shows a validation message linked to the input', () => {
    render(<Uploader error="An ID must be uploaded" />);
    expect(fileInput()).toBeInvalid();
    expect(fileInput()).toHaveAccessibleDescription(
      'Error: An ID must be uploaded Accepted files: PNG, JPEG, PDF',
    );
  });

  it('disabled and read-only take no files', () => {
    render(
      <>
        <FileUploader label="A" accept={ID_TYPES} files={[]} onFilesChange={vi.fn()} isDisabled />
        <FileUploader label="B" accept={ID_TYPES} files={[]} onFilesChange={vi.fn()} isReadOnly />
      </>,
    );
    expect(screen.getByLabelText('A')).toBeDisabled();
    expect(screen.getByLabelText('B')).toBeDisabled();
  });
});
