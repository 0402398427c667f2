import { machineEntry } from '../../../machines/index';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('reportPrint');
if (!entry) throw new Error('reportPrint is not registered');
runModelPaths(entry);
