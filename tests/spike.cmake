# GPU SPIKE-DP (src/spike): device accuracy, thesis types, ablations, singular systems.
gtsv_add_gpu_test(check_gpu_spike check_gpu_spike.c)
if(TARGET check_gpu_spike)
  target_link_libraries(check_gpu_spike PRIVATE gtsv_testmat_static)
  set_tests_properties(check_gpu_spike PROPERTIES TIMEOUT 900)
endif()
