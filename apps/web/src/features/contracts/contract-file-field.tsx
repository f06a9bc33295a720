// The signed contract's upload (purpose contractFile: one PDF, checked by content on the server),
// the verification domain's upload field given to the contracts pages.
import { type UploadedFile, UploadField } from "../verification/upload-field";

export type { UploadedFile };

type Props = { value?: UploadedFile[]; onChange?: (files: UploadedFile[]) => void; id?: string };

export function ContractFileField(props: Props) {
  return <UploadField purpose="contractFile" max={1} testId="contract-file-upload" {...props} />;
}
