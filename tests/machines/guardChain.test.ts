import { machineEntry } from '../../machines/index';
import { runModelPaths } from '../support/modelPaths';

const entry = machineEntry('guardChain');
if (!entry) throw new Error('guardChain is not registered');
runModelPaths(entry);
