import { createContext } from 'react';

// spec 000 §6: help tooltips show only for the customer site type. The app says whether this site shows them
// (src/app/providers.tsx, from config.siteType). Its own module, apart from HelpTooltip: the providers are start-up
// code, and the tooltip's code (Mantine's Tooltip, floating-ui) loads with the pages that show a help icon.

/** Whether this site shows help tooltips (the customer site type). */
export const HelpTooltipsContext = createContext(false);
