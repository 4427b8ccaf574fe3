// Unit tests read the interface's text in English, as the default language shows it.
import { initI18n } from './index';

initI18n('en');
