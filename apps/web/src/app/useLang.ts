/** The route's language lives in the ui kit (links and date fields need it); the app's modules import it from here. */
export { useLang, usePathTo } from '../ui/useLang';
