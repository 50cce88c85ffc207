# PDP (src/pdp): the host reference against LAPACK and DP_SEQ, and the GPU kernels.
gtsv_add_check_test(check_pdp check_pdp.c)
target_link_libraries(check_pdp PRIVATE gtsv_testmat_static)
set_tests_properties(check_pdp PROPERTIES TIMEOUT 900)
gtsv_add_gpu_test(check_gpu_pdp check_gpu_pdp.c)
if(TARGET check_gpu_pdp)
  target_link_libraries(check_gpu_pdp PRIVATE gtsv_testmat_static)
  set_tests_properties(check_gpu_pdp PROPERTIES TIMEOUT 900)
endif()

# The GPU kernel's order of evaluation, emulated on the host (tools/gtsv-pdp-order.c:
# pdp.cu's tile, warm-up, tolerances and exact redo): CI has no GPU, so these guard
# the checked splice. Ratio = residual / LAPACK's, within the issue's 10x.
if(TARGET gtsv_testmat_static)
  # dorr at 65536 rows: the full product's state there was 82x LAPACK's residual on this
  # emulation; tiles that forget (pdp.cu, the default since session 23) give 2.85x
  foreach(case "1;100000" "13;8192" "13;65536" "8;512" "17;8192" "18;8192")
    list(GET case 0 type)
    list(GET case 1 n)
    foreach(prec double float)
      # pdp.cu's tile a precision: double 320 x 8, float 512 x 8
      set(flag "")
      set(threads 320)
      if(prec STREQUAL "float")
        set(flag "--float")
        set(threads 512)
      endif()
      add_test(NAME pdp_order_t${type}_n${n}_${prec}
        COMMAND gtsv-pdp-order --check --threads ${threads} --rows 8 --warm 8 --max-ratio 10 ${flag} ${type} ${n})
      set_tests_properties(pdp_order_t${type}_n${n}_${prec} PROPERTIES LABELS host TIMEOUT 300)
    endforeach()
  endforeach()
endif()
