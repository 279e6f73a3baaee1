pub fn islands_linked() {}
