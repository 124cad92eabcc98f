import { App } from 'aws-cdk-lib';
import { defineFitGauge } from '../lib/app';

defineFitGauge(new App());
