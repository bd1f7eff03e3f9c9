// `dms create app`: the application wizard (interface.md §2.2).
import { APP_FORM } from '../../forms/app-form.js';
import { CreateForm, type CreateScreenProps } from '../components/form/create-form.js';

export type { CreateScreenProps } from '../components/form/create-form.js';

export function CreateAppScreen(props: CreateScreenProps) {
  return <CreateForm {...props} def={APP_FORM} title="Create application" />;
}
