// `dms create docstore`: the docstore database form (interface.md §2.4).
import { DOCSTORE_FORM } from '../../forms/docstore-form.js';
import { CreateForm, type CreateScreenProps } from '../components/form/create-form.js';

export type { CreateScreenProps } from '../components/form/create-form.js';

export function CreateDocstoreScreen(props: CreateScreenProps) {
  return <CreateForm {...props} def={DOCSTORE_FORM} title="Create docstore database" />;
}
