#include "apphost.h"
