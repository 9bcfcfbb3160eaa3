import de from '../../../shared/portal/locales/portal.de.json';
import en from '../../../shared/portal/locales/portal.en.json';
import { addMessages } from '../i18n/language';

/** The signed-in pages' texts, registered when their chunk loads (before any of them renders). */
addMessages({ en, de });
