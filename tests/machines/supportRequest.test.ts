import { machineEntry } from '../../machines/index';
import { runModelPaths } from '../support/modelPaths';

const entry = machineEntry('supportRequest');
if (!entry) throw new Error('supportRequest is not registered');
runModelPaths(entry);
