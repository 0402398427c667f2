import { machineEntry } from '../../machines/index';
import { runModelPaths } from '../support/modelPaths';

const entry = machineEntry('resetLinkRequest');
if (!entry) throw new Error('resetLinkRequest is not registered');
runModelPaths(entry);
